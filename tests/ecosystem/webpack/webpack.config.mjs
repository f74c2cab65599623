// What `webpack init` would leave for a page: an entry, an output. Nothing for
// licensing-sdk.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export default {
  mode: 'production',
  entry: './src/index.js',
  output: { path: path.join(here, 'dist'), filename: 'main.js', clean: true },
};
