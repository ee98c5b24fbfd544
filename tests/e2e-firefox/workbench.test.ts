import { describeWorkbench } from '../browser-scenarios/workbench';

describeWorkbench('firefox');
