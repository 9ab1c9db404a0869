import { Entity, Index } from '@mikro-orm/decorators/legacy';
import { EmailedLink } from './emailed-link.entity';

/**
 * One verification link sent to a user's address, signed with a key derived from
 * JWT_SECRET (email-verification-token.ts). A resend adds a row; earlier links of the same address
 * stay valid until they expire or one is used.
 */
@Entity({ tableName: 'email_verifications' })
@Index({ properties: ['userId', 'createdAt'] })
export class EmailVerification extends EmailedLink {}
