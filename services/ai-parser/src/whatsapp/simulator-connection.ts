import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AiParserConfig } from '../ai-parser.config.js';
import { WhatsappRepository } from './whatsapp.repository.js';
import { WhatsappSettingsService } from './whatsapp-settings.service.js';

interface SimulatorConnection {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  graphBaseUrl: string;
}

const ATTEMPTS = 10;
const PAUSE_MS = 1_000;

/**
 * The demo (docs/whatsapp.md): when WHATSAPP_SIMULATOR_URL is set (`npm start` runs the local
 * Graph simulator) and no channel is set up yet, the company is connected to the simulator on
 * start, as the demo company is onboarded to the Fatoora simulator. A channel set up by hand is
 * never replaced.
 */
@Injectable()
export class SimulatorConnectionService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SimulatorConnectionService.name);

  constructor(
    @Inject(AiParserConfig) private readonly config: AiParserConfig,
    private readonly repository: WhatsappRepository,
    private readonly settings: WhatsappSettingsService,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.WHATSAPP_SIMULATOR_URL) void this.connect(this.config.WHATSAPP_SIMULATOR_URL);
  }

  async connect(simulatorUrl: string): Promise<boolean> {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      try {
        if (await this.repository.settings()) return false;
        const response = await fetch(`${simulatorUrl.replace(/\/+$/, '')}/simulator/connection`, {
          signal: AbortSignal.timeout(5_000),
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const connection = (await response.json()) as SimulatorConnection;
        await this.settings.update(
          {
            phoneNumberId: connection.phoneNumberId,
            accessToken: connection.accessToken,
            appSecret: connection.appSecret,
            verifyToken: connection.verifyToken,
            graphBaseUrl: connection.graphBaseUrl,
          },
          null,
        );
        this.logger.log({ simulatorUrl }, 'whatsapp channel connected to the local Graph simulator');
        return true;
      } catch (error) {
        if (attempt === ATTEMPTS) {
          this.logger.warn({ simulatorUrl, err: error }, 'whatsapp simulator not connected');
          return false;
        }
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
    }
    return false;
  }
}
