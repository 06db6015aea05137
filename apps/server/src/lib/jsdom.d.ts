// jsdom ships no types, and @types/jsdom pulls the browser's DOM library into the whole server's
// type check. The server uses one constructor of it: a window for DOMPurify.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: import('dompurify').WindowLike;
  }
}
