import { describeHistory } from '../browser-scenarios/history';

describeHistory('firefox');
