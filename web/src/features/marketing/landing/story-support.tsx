import type { Decorator } from '@storybook/react-vite';
import { StoryRouter } from '../../../components/story-router';
import { en } from '../i18n/en';
import { es } from '../i18n/es';
import { fr } from '../i18n/fr';

/** Landing sections use links and the signed-in query: give every story a router and a query client. */
export const withSite: Decorator = (Story) => <StoryRouter>{Story()}</StoryRouter>;

/** The same section in each landing language, as story args. */
export const inEnglish = { args: { copy: en } };
export const inSpanish = { args: { copy: es } };
export const inFrench = { args: { copy: fr } };
