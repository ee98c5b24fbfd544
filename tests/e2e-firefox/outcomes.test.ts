import { describeOutcomes } from '../browser-scenarios/outcomes';

describeOutcomes('firefox');
