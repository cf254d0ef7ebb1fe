import { generateOpenApi } from '@ts-rest/open-api';
import { contract } from '../src/index';

export const buildOpenApiDocument = () =>
  generateOpenApi(
    contract,
    {
      info: {
        title: 'Scrivo API',
        version: '0.1.0',
        description:
          'Self-hostable AI transcription. Generated from contracts/ (ts-rest + zod); do not edit by hand.',
      },
    },
    { setOperationId: 'concatenated-path' },
  );
