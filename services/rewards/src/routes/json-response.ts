/** A 2xx answer in the OpenAPI document: JSON of the given schema. */
export const jsonResponse = <S>(description: string, schema: S) => ({ description, content: { 'application/json': { schema } } });
