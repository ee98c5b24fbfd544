import { describeUseVerdict } from '../browser-scenarios/use-verdict';

describeUseVerdict('firefox');
