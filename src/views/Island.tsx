/**
 * Server side of an island: renders the component as its own React root (so useId
 * matches when the browser hydrates it alone), wraps it in <dd-island> with its JSON
 * props and module URL, and preloads that module. The runtime imports the module,
 * which hydrates the marker. Only pages that render an island load its code.
 */
import type { ComponentProps } from 'react';
import { preloadModule } from 'react-dom';
import { renderToString } from 'react-dom/server';
import { useView } from './context';
import { islands, type IslandName } from '../generated/islands';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'dd-island': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
}

export function Island<N extends IslandName>({ name, props }: { name: N; props: ComponentProps<(typeof islands)[N]> }) {
  const view = useView();
  const entry = view.assets.islands[name];
  if (!entry) throw new Error(`Island ${name} is not built; run npm run build`);
  const prefix = `${name}${view.nextIslandId()}-`;
  // The props type is checked at the call site; here every island is a component of its props.
  const Component = islands[name] as unknown as React.ComponentType<object>;
  const html = renderToString(<Component {...(props as object)} />, { identifierPrefix: prefix });
  preloadModule(entry.src);
  for (const chunk of entry.imports) preloadModule(chunk);
  return (
    <dd-island
      data-island={name}
      data-src={entry.src}
      data-prefix={prefix}
      data-props={JSON.stringify(props)}
      style={{ display: 'contents' }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
