import { createFileRoute, notFound } from '@tanstack/react-router';
import { productPage } from '../features/marketing/pages/generated-pages';
import { InfoPage } from '../features/marketing/pages/info-page';
import { findProduct } from '../features/marketing/pages/languages';

export const Route = createFileRoute('/{$product}-transcription')({
  beforeLoad: ({ params }) => {
    if (!findProduct(params.product)) throw notFound();
  },
  component: ProductTranscription,
});

function ProductTranscription() {
  const { product } = Route.useParams();
  const found = findProduct(product);
  if (!found) throw notFound();
  return <InfoPage content={productPage(found)} />;
}
