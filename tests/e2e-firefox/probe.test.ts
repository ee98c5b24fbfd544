import { describeProbe } from '../browser-scenarios/probe';

describeProbe('firefox');
