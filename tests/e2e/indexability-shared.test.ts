import { describeIndexability } from '../browser-scenarios/indexability';

describeIndexability('chromium');
