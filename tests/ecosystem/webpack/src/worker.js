import * as sdk from 'licensing-sdk';
import { verdict } from './verdict.js';

postMessage(verdict(sdk));
