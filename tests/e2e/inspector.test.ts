import { describeInspector } from '../browser-scenarios/inspector';

describeInspector('chromium');
