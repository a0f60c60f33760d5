import pg from 'pg';

/**
 * One PostgreSQL connection whose statements queue on the wire (node-postgres' pipeline mode): the next is sent while
 * the last still runs, and PostgreSQL starts it the moment the last one's commit is done, instead of after a round trip
 * to this process and back. Only for statements that are each their own transaction and do not need each other's
 * answers (the diners' order writes: domain/orders/order-statements.ts); never a transaction, whose BEGIN and COMMIT
 * would enclose the statements queued between them.
 *
 * Opened at its first statement. A connection that fails or ends fails the statements it carried with its error (their
 * callers decide whether to run them again) and is replaced at the next statement.
 */
export class PipelinedClient {
  private current: Promise<pg.Client> | undefined;
  private closing = false;

  constructor(
    private readonly connectionString: string,
    /** How the connection is named in pg_stat_activity. */
    private readonly applicationName: string,
  ) {}

  /** node-postgres' `query(config, values)`: what drizzle's session calls. */
  async query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const opened = this.connected();
    const client = await opened;
    try {
      return await client.query(config, values);
    } catch (error) {
      // Dropped before the statement's caller hears of it, so that running it again opens a new connection: a backend
      // PostgreSQL ends answers its running statement with the reason before the socket closes.
      if (connectionLost(error)) this.forget(opened);
      throw error;
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    const client = await this.current?.catch(() => undefined);
    await client?.end().catch(() => undefined);
  }

  private connected(): Promise<pg.Client> {
    if (this.closing) return Promise.reject(new Error('the database connection is closed'));
    this.current ??= this.open();
    return this.current;
  }

  private open(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      pipeline: true,
      application_name: this.applicationName,
    });
    const opening = client.connect().then(() => client);
    const forget = () => this.forget(opening);
    // A connection error is also an 'error' event: without a listener it would end the whole process.
    client.on('error', (error) => {
      forget();
      if (!this.closing)
        console.error(
          `PostgreSQL: the ${this.applicationName} connection failed (${error.message}); it will be reopened`,
        );
    });
    client.on('end', forget);
    opening.catch(forget);
    return opening;
  }

  private forget(opened: Promise<pg.Client>): void {
    if (this.current !== opened) return;
    this.current = undefined;
    void opened.then((client) => client.end()).catch(() => undefined);
  }
}

/**
 * Whether a statement's error means its connection is gone: node-postgres' own (no SQLSTATE: the socket closed or
 * failed), a connection exception (class 08) or an operator's intervention (57P01 terminated, 57P02 crash, 57P03
 * cannot connect now, …). A statement's own error (a constraint, a deadlock) leaves the connection as it was.
 */
function connectionLost(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code !== 'string' || code.startsWith('08') || code.startsWith('57P');
}
