// Imports the entry named in the page's query and writes what happened.
const entry = new URLSearchParams(location.search).get('entry');
const out = document.getElementById('verdict');
import(`/pkg/${entry}.js`).then(
  (sdk) => { out.textContent = JSON.stringify({ ok: sdk.isAssetNumber('8000000001') && !sdk.validate('lockAssets', {}).valid }); },
  (err) => { out.textContent = JSON.stringify({ name: err.name, message: err.message, url: err.url ?? null }); },
);
