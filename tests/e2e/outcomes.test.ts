import { describeOutcomes } from '../browser-scenarios/outcomes';

describeOutcomes('chromium');
