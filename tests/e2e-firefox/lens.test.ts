import { describeLens } from '../browser-scenarios/lens';

describeLens('firefox');
