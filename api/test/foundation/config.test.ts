import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config';

describe('configuration from the environment', () => {
  it('defaults to the embedded adapters on port 3000 with data in ./.data', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.SCRIVO_DATA_DIR).toMatch(/\.data$/);
    expect([config.SCRIVO_EVENT_STORE, config.SCRIVO_READ_MODELS, config.SCRIVO_BLOB_STORE]).toEqual([
      'sqlite',
      'sqlite',
      'local',
    ]);
  });

  it('names the variable and the problem when a value is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SCRIVO_EVENT_STORE: 'postgres' })).toThrow(/SCRIVO_EVENT_STORE/);
  });

  it('asks for the connection settings a production adapter needs', () => {
    expect(() => loadConfig({ SCRIVO_EVENT_STORE: 'eventstoredb' })).toThrow(/EVENTSTORE_URL: is required/);
    expect(() => loadConfig({ SCRIVO_READ_MODELS: 'mongodb' })).toThrow(/MONGODB_URL: is required/);
    // Replicas on a shared event store share no data folder to keep a generated secret in.
    expect(() =>
      loadConfig({ SCRIVO_EVENT_STORE: 'eventstoredb', EVENTSTORE_URL: 'esdb://127.0.0.1:2113?tls=false' }),
    ).toThrow(/SCRIVO_EMAIL_KEY_SECRET: is required when SCRIVO_EVENT_STORE=eventstoredb/);
    expect(() => loadConfig({ SCRIVO_BLOB_STORE: 'minio', MINIO_URL: 'http://127.0.0.1:9000' })).toThrow(
      /MINIO_ACCESS_KEY/,
    );
  });

  it('offers the persistent-subscription job queue only on the EventStoreDB event store', () => {
    expect(() => loadConfig({ SCRIVO_JOB_QUEUE: 'eventstoredb' })).toThrow(
      /SCRIVO_JOB_QUEUE: eventstoredb needs SCRIVO_EVENT_STORE=eventstoredb/,
    );
    const config = loadConfig({
      SCRIVO_JOB_QUEUE: 'eventstoredb',
      SCRIVO_EVENT_STORE: 'eventstoredb',
      EVENTSTORE_URL: 'esdb://127.0.0.1:2113?tls=false',
      SCRIVO_EMAIL_KEY_SECRET: 'a-secret-of-sixteen-or-more',
    });
    expect(config.SCRIVO_JOB_QUEUE).toBe('eventstoredb');
  });

  it('offers the MongoDB job queue on any event store, and asks for the MongoDB it needs', () => {
    expect(() => loadConfig({ SCRIVO_JOB_QUEUE: 'mongodb' })).toThrow(
      /MONGODB_URL: is required when SCRIVO_JOB_QUEUE=mongodb/,
    );
    const config = loadConfig({ SCRIVO_JOB_QUEUE: 'mongodb', MONGODB_URL: 'mongodb://127.0.0.1:27017/' });
    expect(config).toMatchObject({ SCRIVO_JOB_QUEUE: 'mongodb', SCRIVO_EVENT_STORE: 'sqlite' });
  });
});

describe('bring your own model (SCRIVO_LLM_ENGINE=openai)', () => {
  it('needs the endpoint and the model, and says so at start-up', () => {
    expect(() => loadConfig({ SCRIVO_LLM_ENGINE: 'openai', SCRIVO_LLM_MODEL: 'llama3.2' })).toThrow(
      /SCRIVO_LLM_BASE_URL: is required when SCRIVO_LLM_ENGINE=openai/,
    );
    expect(() =>
      loadConfig({ SCRIVO_LLM_ENGINE: 'openai', SCRIVO_LLM_BASE_URL: 'http://localhost:11434/v1' }),
    ).toThrow(/SCRIVO_LLM_MODEL: is required when SCRIVO_LLM_ENGINE=openai/);
    expect(() =>
      loadConfig({
        SCRIVO_LLM_ENGINE: 'openai',
        SCRIVO_LLM_BASE_URL: 'http://localhost:11434/v1',
        SCRIVO_LLM_MODEL: 'llama3.2',
        SCRIVO_LLM_JSON_MODE: 'grammar',
      }),
    ).toThrow(/SCRIVO_LLM_JSON_MODE/);
  });

  it('asks for JSON with a schema in response_format unless told otherwise, and never echoes the key', () => {
    const config = loadConfig({
      SCRIVO_LLM_ENGINE: 'openai',
      SCRIVO_LLM_BASE_URL: 'http://localhost:11434/v1',
      SCRIVO_LLM_MODEL: 'llama3.2',
      SCRIVO_LLM_API_KEY: 'sk-very-secret',
    });
    expect(config.SCRIVO_LLM_JSON_MODE).toBe('json_schema');
    let message = '';
    try {
      loadConfig({ SCRIVO_LLM_ENGINE: 'openai', SCRIVO_LLM_API_KEY: 'sk-very-secret' });
    } catch (error) {
      message = String(error);
    }
    expect(message).toMatch(/SCRIVO_LLM_BASE_URL/);
    expect(message).not.toContain('sk-very-secret');
  });
});
