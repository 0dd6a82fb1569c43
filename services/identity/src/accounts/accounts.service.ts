import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { IdentityMessages, type Actor, type PublicUser } from '@inventory/contracts';
import { conflict, notFound, ServiceError } from '@inventory/platform';
import { getEnv } from '../config/env.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { ensureDemoUser } from '../seed/demo-user.seed.js';
import { assertEmailFree, flushUniqueEmail } from '../users/email-uniqueness.js';
import { ExternalIdentity } from '../users/external-identity.entity.js';
import { User } from '../users/user.entity.js';
import { toPublicUser } from '../users/user.mapper.js';
import type { ExternalSignInDto, PasswordSignInDto, RegisterDto, SuperAdminSignInDto } from './accounts.dto.js';

const invalidCredentials = () => new ServiceError('UNAUTHORIZED', IdentityMessages.invalidCredentials);

/** Creating accounts and checking who someone is; the gateway turns the answer into a session. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly em: EntityManager,
    private readonly hasher: PasswordHasher,
  ) {}

  async register(dto: RegisterDto): Promise<PublicUser> {
    await assertEmailFree(this.em, dto.email);
    const user = Object.assign(new User(), {
      firstName: dto.firstName,
      lastName: dto.lastName,
      email: dto.email,
      passwordHash: await this.hasher.hash(dto.password),
    });
    this.em.persist(user);
    await flushUniqueEmail(this.em);
    return toPublicUser(user);
  }

  async signInWithPassword(dto: PasswordSignInDto): Promise<PublicUser> {
    const user = await this.em.findOne(User, { email: dto.email }, { populate: ['externalIdentities'] });
    if (!user?.passwordHash) {
      await this.hasher.verifyNothing(dto.password);
      throw invalidCredentials();
    }
    if (!(await this.hasher.verify(dto.password, user.passwordHash))) throw invalidCredentials();
    if (this.hasher.needsRehash(user.passwordHash)) {
      user.passwordHash = await this.hasher.hash(dto.password);
      await this.em.flush();
    }
    return toPublicUser(user);
  }

  /** The passwordless shortcut (spec §6) signs in the configured super admin and nobody else. */
  async signInSuperAdmin(dto: SuperAdminSignInDto): Promise<PublicUser> {
    const refused = () => new ServiceError('UNAUTHORIZED', 'This email is not the super admin');
    if (dto.email !== getEnv().SUPER_ADMIN_EMAIL.trim().toLowerCase()) throw refused();
    const user = await this.em.findOne(User, { email: dto.email, role: 'super_admin' }, { populate: ['externalIdentities'] });
    if (!user) throw refused();
    return toPublicUser(user);
  }

  async signInDemo(): Promise<PublicUser> {
    return toPublicUser(await ensureDemoUser(this.em));
  }

  /**
   * Signs in the user linked to (provider, subject). Unknown: links it to the signed-in actor if any,
   * else creates an account, unless the email already belongs to one (never linked by email alone).
   */
  async signInExternal(dto: ExternalSignInDto, actor?: Actor): Promise<PublicUser> {
    const linked = await this.findLinked(dto);
    if (linked) return this.linkedUser(linked, actor);
    const user = actor ? await this.findUser(actor.userId) : await this.newExternalUser(dto);
    user.externalIdentities.add(Object.assign(new ExternalIdentity(), { user, provider: dto.provider, subject: dto.subject }));
    try {
      await this.em.flush();
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      // A parallel first sign-in with this identity won the insert, or the email was taken meanwhile.
      this.em.clear();
      const winner = await this.findLinked(dto);
      if (!winner) throw conflict(IdentityMessages.emailInUse);
      return this.linkedUser(winner, actor);
    }
    return toPublicUser(user);
  }

  private linkedUser(linked: User, actor: Actor | undefined): PublicUser {
    if (actor && actor.userId !== linked.id) throw conflict('This sign-in is already linked to another account');
    return toPublicUser(linked);
  }

  private async findLinked(dto: ExternalSignInDto): Promise<User | null> {
    const identity = await this.em.findOne(
      ExternalIdentity,
      { provider: dto.provider, subject: dto.subject },
      { populate: ['user', 'user.externalIdentities'] },
    );
    return identity?.user ?? null;
  }

  private async findUser(id: string): Promise<User> {
    const user = await this.em.findOne(User, id, { populate: ['externalIdentities'] });
    if (!user) throw notFound('User');
    return user;
  }

  private async newExternalUser(dto: ExternalSignInDto): Promise<User> {
    if (dto.email) await assertEmailFree(this.em, dto.email);
    const user = Object.assign(new User(), {
      email: dto.email ?? null,
      firstName: dto.firstName ?? null,
      lastName: dto.lastName ?? null,
      profileImageUrl: dto.profileImageUrl ?? null,
    });
    this.em.persist(user);
    return user;
  }
}
