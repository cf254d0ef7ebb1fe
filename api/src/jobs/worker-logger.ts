/** What background workers log through: the API's pino logger, or a test's recorder. */
export interface WorkerLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}
