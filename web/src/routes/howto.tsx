import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../features/marketing/pages/info-page';
import { howto } from '../features/marketing/pages/product-pages';

export const Route = createFileRoute('/howto')({ component: () => <InfoPage content={howto} /> });
