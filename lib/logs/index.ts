/**
 * The log audit (did the bots obey robots.txt?): access logs read locally, each request's claimed
 * crawler checked against its operator's IP list and judged by Google's engine under the robots.txt
 * version in force for that crawler at that moment. Framework-free: the workbench's Logs view runs
 * it in a worker, fed by the streaming reader.
 */
export {
  auditLog,
  createLogAudit,
  MAX_LOG_LINE_BYTES,
  type LogAudit,
  type LogAuditInput,
  type LogAuditList,
  type LogAuditOptions,
} from './audit';
export {
  LOG_FORMAT_NAMES,
  LOG_FORMATS,
  detectLogFormat,
  isLogFormat,
  type LogFormat,
  type SkipReason,
} from './formats';
export { candidateVersions, isCovered, timelineVersions, type LogVersion, type TimelineEntry } from './in-force';
export * from './types';
export { auditLogFiles, type LogFileSource, type LogFilesInput, type LogReadProgress } from './read';
export { crawlerRowsCsv, describeDays, describeLogAudit, violationGroupsCsv, type AuditSentences } from './words';
