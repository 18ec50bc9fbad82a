// How the renderer's CSS Modules (X.module.css) are named, for the app's build and the component tests
// alike: the class keeps its own name before the hash, so the page's markup still reads and a test can
// find `[class*="save-state_"]`; the classes are read in camelCase (`styles.saveState`).
export const cssModules = { generateScopedName: '[local]_[hash:base64:5]', localsConvention: 'camelCaseOnly' } as const
