import { describe, expect, inject, it } from 'vitest';
import { createSql } from '@starforge/service-kit';
import { createApp } from './app';

describe('the events OpenAPI document', () => {
  it('registers the bearerAuth security scheme once (the kit registers it for every service)', async () => {
    const sql = createSql(inject('databaseUrl'), { max: 1 });
    try {
      const app = createApp(sql);
      const schemes = app.openAPIRegistry.definitions.filter((d) => d.type === 'component' && d.componentType === 'securitySchemes' && d.name === 'bearerAuth');
      expect(schemes).toHaveLength(1);
    } finally {
      await sql.end();
    }
  });
});
