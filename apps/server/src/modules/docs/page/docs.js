/* global document, window */
// Renders the OpenAPI document at ../openapi.json as a readable page. No framework and no CDN:
// the docs must work on a portal with no network. Every text goes in through textContent.

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes ?? {})) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

const refName = (ref) => ref.replace('#/components/schemas/', '');
const anchor = (text) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** A short, readable type: "string | null", "PortalEntity[]" (linked), "integer 1–100". */
function typeOf(schema) {
  if (!schema || typeof schema !== 'object') return ['any'];
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return [el('a', { href: `#schema-${anchor(name)}` }, name)];
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return join(variants.map(typeOf), ' | ');
  if (schema.enum) return [schema.enum.map((value) => JSON.stringify(value)).join(' | ')];
  if (schema.const !== undefined) return [JSON.stringify(schema.const)];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'any'];
  if (types.includes('object') && schema.properties) {
    // An inline object: its fields at a glance, `?` for optional ones.
    const required = new Set(schema.required ?? []);
    const fields = Object.keys(schema.properties).map((name) => (required.has(name) ? name : `${name}?`));
    const shape = [`{ ${fields.join(', ')} }`];
    return types.includes('null') ? [...shape, ' | null'] : shape;
  }
  return join(
    types.map((type) => {
      if (type === 'array') return [...typeOf(schema.items), '[]'];
      const bounds = [];
      // JSON Schema integers carry the safe-integer range: only a real bound is worth showing.
      const bound = (value) => (value === undefined || Math.abs(value) >= Number.MAX_SAFE_INTEGER ? '' : value);
      if (bound(schema.minimum) !== '' || bound(schema.maximum) !== '') bounds.push(`${bound(schema.minimum)}–${bound(schema.maximum)}`);
      if (schema.pattern) bounds.push(`/${schema.pattern}/`);
      if (schema.format) bounds.push(schema.format);
      return [bounds.length ? `${type} ${bounds.join(' ')}` : type];
    }),
    ' | ',
  );
}

function join(parts, separator) {
  return parts.flatMap((part, index) => (index === 0 ? part : [separator, ...part]));
}

/** The properties of an object schema as a table; nested inline objects get their own rows. */
function propertiesTable(schema, prefix = '') {
  const rows = [];
  const walk = (object, path) => {
    const required = new Set(object.required ?? []);
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      const full = path ? `${path}.${name}` : name;
      rows.push(
        el(
          'tr',
          {},
          el('td', { class: 'mono' }, prefix + full),
          el('td', { class: 'mono' }, typeOf(property)),
          el('td', {}, required.has(name) ? el('span', { class: 'req' }, 'required') : ''),
          el('td', {}, property.description ?? ''),
        ),
      );
      if (property.type === 'object' && property.properties) walk(property, full);
    }
  };
  walk(schema, '');
  if (rows.length === 0) return el('p', { class: 'mono' }, typeOf(schema));
  return el('table', {}, el('thead', {}, el('tr', {}, ['Field', 'Type', '', 'Description'].map((text) => el('th', {}, text)))), el('tbody', {}, rows));
}

function parametersTable(parameters) {
  const rows = [];
  for (const parameter of parameters) {
    const schema = parameter.schema ?? {};
    if (parameter.style === 'deepObject' && schema.properties) {
      // filter[company_id], page[number]: how they are written in a URL.
      for (const [key, property] of Object.entries(schema.properties)) {
        rows.push(parameterRow(`${parameter.name}[${key}]`, parameter.in, property, false, property.description ?? parameter.description));
      }
    } else {
      rows.push(parameterRow(parameter.name, parameter.in, schema, parameter.required, parameter.description));
    }
  }
  return el(
    'table',
    {},
    el('thead', {}, el('tr', {}, ['Parameter', 'In', 'Type', '', 'Description'].map((text) => el('th', {}, text)))),
    el('tbody', {}, rows),
  );
}

function parameterRow(name, where, schema, required, description) {
  return el(
    'tr',
    {},
    el('td', { class: 'mono' }, name),
    el('td', {}, where),
    el('td', { class: 'mono' }, typeOf(schema)),
    el('td', {}, required ? el('span', { class: 'req' }, 'required') : ''),
    el('td', {}, description ?? ''),
  );
}

function contentSchema(content) {
  const media = content?.['application/json'] ?? Object.values(content ?? {})[0];
  return media?.schema;
}

function operationCard(spec, path, method, operation) {
  const id = `op-${method}-${anchor(path)}`;
  const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
  const secured = !isPublic && (operation.security ?? spec.security ?? []).length > 0;
  const card = el(
    'section',
    { class: 'op', id },
    el('h3', {}, el('span', { class: `method ${method}` }, method.toUpperCase()), el('span', { class: 'mono' }, path), el('span', { class: 'auth' }, secured ? 'Bearer token' : 'Public')),
    operation.summary ? el('p', { class: 'summary' }, operation.summary) : null,
    operation.description ? el('p', { class: 'description' }, operation.description) : null,
  );
  if (operation.parameters?.length) card.append(el('h4', {}, 'Parameters'), parametersTable(operation.parameters));
  const body = contentSchema(operation.requestBody?.content);
  if (body) card.append(el('h4', {}, 'Request body (JSON)'), propertiesTable(body));
  const responses = Object.entries(operation.responses ?? {});
  if (responses.length) {
    card.append(
      el('h4', {}, 'Responses'),
      el(
        'table',
        {},
        el('thead', {}, el('tr', {}, ['Status', 'Body', 'Description'].map((text) => el('th', {}, text)))),
        el(
          'tbody',
          {},
          responses.map(([status, response]) =>
            el('tr', {}, el('td', { class: 'mono' }, status), el('td', { class: 'mono' }, typeOf(contentSchema(response.content))), el('td', {}, response.description ?? '')),
          ),
        ),
      ),
    );
  }
  return { card, id };
}

function render(spec) {
  const content = document.getElementById('content');
  const toc = document.getElementById('toc');
  content.replaceChildren();
  document.getElementById('title').textContent = spec.info?.title ?? 'API';
  document.title = spec.info?.title ?? 'API';
  if (spec.info?.description) content.append(el('p', { class: 'intro' }, spec.info.description));

  const byTag = new Map();
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag).push({ path, method, operation });
    }
  }
  for (const [tag, operations] of byTag) {
    content.append(el('h2', { class: 'tag', id: `tag-${anchor(tag)}` }, tag));
    const links = [];
    for (const { path, method, operation } of operations) {
      const { card, id } = operationCard(spec, path, method, operation);
      content.append(card);
      links.push(el('li', {}, el('a', { href: `#${id}` }, `${method.toUpperCase()} ${path}`)));
    }
    toc.append(el('h2', {}, tag), el('ul', {}, links));
  }

  const schemas = Object.entries(spec.components?.schemas ?? {});
  if (schemas.length) {
    content.append(el('h2', { class: 'tag', id: 'schemas' }, 'Schemas'));
    const links = [];
    for (const [name, schema] of schemas) {
      content.append(
        el('section', { class: 'schema', id: `schema-${anchor(name)}` }, el('h3', { class: 'mono' }, name), schema.description ? el('p', { class: 'description' }, schema.description) : null, propertiesTable(schema)),
      );
      links.push(el('li', {}, el('a', { href: `#schema-${anchor(name)}` }, name)));
    }
    toc.append(el('h2', {}, 'Schemas'), el('ul', {}, links));
  }
  if (window.location.hash) document.getElementById(window.location.hash.slice(1))?.scrollIntoView();
}

fetch('openapi.json', { headers: { Accept: 'application/json' } })
  .then((response) => {
    if (!response.ok) throw new Error(`The API description answered ${response.status}.`);
    return response.json();
  })
  .then(render)
  .catch((error) => {
    const status = document.getElementById('status');
    if (status) status.textContent = `The API description could not be loaded: ${error.message}`;
  });
