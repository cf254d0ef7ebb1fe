import { generateSchema } from '@anatine/zod-openapi';
import { generateOpenApi } from '@ts-rest/open-api';
import { ErrorBody } from '../src/common/errors';
import { API_KEY_SCHEME } from '../src/api-keys/api-keys.contract';
import { contract } from '../src/index';
import { completeOpenApiDocument } from './openapi-completion';

const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

/**
 * The routes that take an API key as well as the session: the whole recordings API, share links included, and
 * the OpenAI-compatible endpoint, and workspaces (a script manages its team with its key).
 */
const { create, list, revoke } = contract.shareLinks;
const apiKeyOperations = new Set(
  [
    ...Object.values(contract.recordings),
    create,
    list,
    revoke,
    contract.openAi.createTranscription,
    ...Object.values(contract.workspaces),
  ].map((route) => `${route.method} ${openApiPath(route.path)}`),
);

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
    { scheme: API_KEY_SCHEME, operations: apiKeyOperations },
  );
