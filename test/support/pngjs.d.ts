// pngjs (qrcode's PNG writer, so always installed with it) has no types of its own: the part the tests use.
declare module 'pngjs' {
  export class PNG {
    constructor(opts: { width: number; height: number })
    width: number
    height: number
    data: Buffer
    static sync: { read(buffer: Buffer): PNG; write(png: PNG): Buffer }
  }
}
