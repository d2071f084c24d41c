// Import figures for `npm run bench`: 20,000 stock items from one CSV through POST /api/imports,
// timed from the upload to the import's `done` (new items with a pack and an opening batch), then
// the same file again (20,000 updates) and its dry run. Target: 20,000 rows in under a minute.

const rows = 20_000;

function csvOf(priceOffset) {
  const lines = [
    'sku,name,name_ar,unit,quantity,selling_price,cost_price,batch_number,expiry_date,pack_unit,pack_factor',
  ];
  for (let k = 0; k < rows; k += 1) {
    const day = String(1 + (k % 28)).padStart(2, '0');
    lines.push(
      `IMPORT-${k},Imported item ${k},صنف مستورد ${k},piece,${k % 500},${(k % 90) + priceOffset}.50,1.25,LOT-${k},${day}/12/2027,carton,12`,
    );
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

async function timedImport(baseUrl, cookie, file, dryRun) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/imports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ kind: 'stock-items', fileBase64: file.toString('base64'), dryRun }),
  });
  if (response.status !== 202) throw new Error(`import: ${response.status} ${await response.text()}`);
  const { id } = await response.json();
  for (;;) {
    const found = await (await fetch(`${baseUrl}/api/imports/${id}`, { headers: { cookie } })).json();
    if (found.status === 'done' || found.status === 'failed') {
      return { seconds: (performance.now() - started) / 1000, result: found };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function benchImports({ baseUrl, cookie, log }) {
  const created = csvOf(1);
  const updated = csvOf(2);
  const first = await timedImport(baseUrl, cookie, created, false);
  log(
    `import of ${rows} new items: ${first.seconds.toFixed(1)} s (${first.result.created} created, ${first.result.failed} failed)`,
  );
  const dry = await timedImport(baseUrl, cookie, updated, true);
  log(
    `dry run of ${rows} updates: ${dry.seconds.toFixed(1)} s (${dry.result.updated} checked, ${dry.result.failed} failed)`,
  );
  const second = await timedImport(baseUrl, cookie, updated, false);
  log(`import of ${rows} updates: ${second.seconds.toFixed(1)} s (${second.result.updated} updated)`);
  const row = (label, run, count) =>
    `| ${label} | ${count.toLocaleString('en-US')} | ${run.seconds.toFixed(1)} | ${Math.round(rows / run.seconds).toLocaleString('en-US')} | ${run.result.failed} |`;
  return [
    '## Imports',
    '',
    `One CSV of ${rows.toLocaleString('en-US')} stock items (${(created.length / 1024 / 1024).toFixed(1)} MB: SKU, both names, unit, quantity, prices, a batch with its expiry, a carton pack) through \`POST /api/imports\`, timed from the upload to \`GET /api/imports/{id}\` answering \`done\` (docs/imports.md). Target: 20,000 rows in under a minute.`,
    '',
    '| run | rows written | seconds | rows/s | failed |',
    '| --- | ---: | ---: | ---: | ---: |',
    row('new items (item, pack, opening batch, ledger row, webhook event each)', first, first.result.created),
    row('the same file, dry run (checked and rolled back)', dry, dry.result.updated),
    row('the same file again (every item updated, new prices)', second, second.result.updated),
    '',
  ];
}
