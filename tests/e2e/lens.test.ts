import { describeLens } from '../browser-scenarios/lens';

describeLens('chromium');
