import { Module } from '@nestjs/common';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';
import { ProfilePhotoController } from './profile-photo.controller.js';
import { ProfilePhotoStore } from './profile-photo.store.js';

@Module({
  controllers: [AccountController, ProfilePhotoController],
  providers: [AccountService, ProfilePhotoStore],
  exports: [ProfilePhotoStore],
})
export class AccountModule {}
