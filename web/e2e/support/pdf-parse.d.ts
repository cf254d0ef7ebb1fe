// The library entry point without pdf-parse's debug wrapper (its index.js reads a test file when imported).
declare module 'pdf-parse/lib/pdf-parse.js' {
  import pdf from 'pdf-parse';
  export default pdf;
}
