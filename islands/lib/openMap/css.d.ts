/** Stylesheets imported as text (build-assets.ts loads .css with esbuild's text loader): injected when a map first shows. */
declare module '*.css' {
  const text: string;
  export default text;
}
