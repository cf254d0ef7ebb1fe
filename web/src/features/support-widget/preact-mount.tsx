import { type ComponentType, h, render } from 'preact';
import { useEffect, useRef } from 'react';

/**
 * Renders a Preact component of the widget inside a React tree, so the widget's states appear in the web app's
 * Storybook next to everything else. Only stories use it: the app embeds the real widget through its loader.
 */
export function PreactMount<P extends object>({
  component,
  props,
  height = 560,
}: {
  component: ComponentType<P>;
  props: P;
  height?: number;
}) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = host.current;
    if (!node) return;
    render(h(component, props), node);
    return () => render(null, node);
  }, [component, props]);
  return <div ref={host} style={{ width: 380, height }} className="scrivo-widget-story" />;
}
