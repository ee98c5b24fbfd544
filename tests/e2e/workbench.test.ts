import { describeWorkbench } from '../browser-scenarios/workbench';

describeWorkbench('chromium');
