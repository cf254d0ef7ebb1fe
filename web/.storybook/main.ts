import type { StorybookConfig } from '@storybook/react-vite';

/** Set up by hand (`storybook init` cannot run here, see shared/notes/stack-notes.md). Uses web/vite.config.ts. */
const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
};

export default config;
