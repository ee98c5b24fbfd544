import { describeUseVerdict } from '../browser-scenarios/use-verdict';

describeUseVerdict('chromium');
