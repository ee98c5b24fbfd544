import { describeResources } from '../browser-scenarios/resources';

describeResources('chromium');
