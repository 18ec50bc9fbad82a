// A component's own stylesheet (`X.module.css`): Vite scopes its classes and hands over their names,
// written in camelCase (`.collection-head` is `styles.collectionHead`; see electron.vite.config.ts).
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>
  export default classes
}
