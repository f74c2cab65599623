// model::check_asset_number: exactly 10 ASCII digits, the first 8 or 6.
function isAssetNumber(s) {
  if (s.length !== 10) return false;
  const c = s.charCodeAt(0);
  if (c !== 56 && c !== 54) return false;
  for (let i = 1; i < 10; i++) {
    const d = s.charCodeAt(i);
    if (d < 48 || d > 57) return false;
  }
  return true;
}
