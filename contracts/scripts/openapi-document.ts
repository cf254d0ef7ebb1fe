import { generateSchema } from '@anatine/zod-openapi';
import { generateOpenApi } from '@ts-rest/open-api';
import { ErrorBody } from '../src/common/errors';
import { contract } from '../src/index';
import { completeOpenApiDocument } from './openapi-completion';

export const buildOpenApiDocument = () =>
  completeOpenApiDocument(
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
    ),
    generateSchema(ErrorBody),
  );
