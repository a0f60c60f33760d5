import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify's schema compilers, shared by every app built in one process. Fastify makes new compilers for each app, so
 * a process that builds several apps (the tests build one per file, the benchmarks one per run) compiled every
 * route's validators and serializers again each time: a second of Ajv and fast-json-stringify per app. Here one Ajv
 * per set of options and shared schemas serves every app (Ajv keeps each schema object's compiled function), and each
 * response schema object's serializer is made once. The route schemas are module constants, never changed after they
 * are made, so a compiled function stays right for the next app. A process with one app works as before.
 */

const buildValidator = AjvCompiler();

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Serializer = ReturnType<ReturnType<SerializerFactory>>;
const makeSerializerFactory = SerializerSelector();
/** Made serializers by the options and shared schemas they were made with, then by response schema object. */
const serializers = new Map<string, WeakMap<object, Serializer>>();

const buildSerializer: SerializerFactory = (externalSchemas, serializerOptions) => {
  const make = makeSerializerFactory(externalSchemas, serializerOptions);
  const key = JSON.stringify([externalSchemas, serializerOptions ?? {}]);
  let made = serializers.get(key);
  if (!made) {
    made = new WeakMap();
    serializers.set(key, made);
  }
  const cache = made;
  return (route) => {
    // A response schema is an object (Fastify compiles nothing else); a key must be one.
    const schema = route.schema as object;
    let serializer = cache.get(schema);
    if (!serializer) {
      serializer = make(route);
      cache.set(schema, serializer);
    }
    return serializer;
  };
};

export const sharedSchemaCompilers = { buildValidator, buildSerializer };
