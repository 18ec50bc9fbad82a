// A file the bundler copies beside the app and hands over as its URL (Vite's `?url` import).
declare module '*?url' {
  const url: string
  export default url
}
