import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { FixingKeyBox, FixingsRepository } from '@fxrates/db';
import { newFixingSigningKey } from '@fxrates/rates';

/** The key that signs new fixings, opened. */
export interface ActiveSigningKey {
  kid: string;
  privateJwkJson: string;
}

/**
 * The fixings' Ed25519 signing keys: the active one (made by the first worker that needs one: the
 * partial unique index lets only one be active, so two workers making one at once keep one), and
 * rotation (the CLI): the active key is retired and stays published, a new one signs from then on.
 */
@Injectable()
export class FixingSigningKeys {
  private readonly logger = new Logger(FixingSigningKeys.name);
  private readonly box: FixingKeyBox;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.box = new FixingKeyBox(config.keys.hashSecret);
  }

  /** The active key, made when there is none. */
  async active(): Promise<ActiveSigningKey> {
    const repository = new FixingsRepository(this.em.fork());
    let row = await repository.activeSigningKey();
    if (!row) {
      const made = await newFixingSigningKey();
      const stored = await repository.insertActiveKeyIfNone(
        made.kid,
        { ...made.publicJwk },
        this.box.seal(made.privateJwkJson, made.kid),
      );
      if (stored) this.logger.log(`Fixing signing key ${made.kid} made (there was no active key)`);
      row = await repository.activeSigningKey();
      if (!row) throw new Error('No active fixing signing key after making one');
    }
    return { kid: row.kid, privateJwkJson: this.box.open(row.privateKeySealed, row.kid) };
  }

  /** Retires the active key (it stays published) and makes a new one; answers the new kid. */
  async rotate(): Promise<{ retired: string | null; kid: string }> {
    const repository = new FixingsRepository(this.em.fork());
    const previous = await repository.activeSigningKey();
    const made = await newFixingSigningKey();
    await repository.rotate(made.kid, { ...made.publicJwk }, this.box.seal(made.privateJwkJson, made.kid));
    return { retired: previous?.kid ?? null, kid: made.kid };
  }
}
