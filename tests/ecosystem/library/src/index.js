// A portal team's own library over licensing-sdk, bundled for the browser by
// esbuild and by Rollup (library.test.mjs), then loaded by library/index.html.
import * as sdk from 'licensing-sdk';
import { verdict } from './verdict.js';

export const check = () => verdict(sdk);
