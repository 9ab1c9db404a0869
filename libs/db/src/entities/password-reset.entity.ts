import { Entity, Index } from '@mikro-orm/decorators/legacy';
import { EmailedLink } from './emailed-link.entity';

/**
 * One password-reset link mailed to an account, signed with its own key
 * (password-reset-token.ts). Valid an hour; a reset marks every outstanding link of the account used.
 */
@Entity({ tableName: 'password_resets' })
@Index({ properties: ['userId', 'createdAt'] })
export class PasswordReset extends EmailedLink {}
