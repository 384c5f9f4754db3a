import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { UserDocumentCache } from './user-document-cache';
import { User, UserSchema } from './user.schema';

/** The users collection and its per-replica cache: read and written by the users and payments modules. */
@Module({
  imports: [MongooseModule.forFeature([{ name: User.name, schema: UserSchema }])],
  providers: [UserDocumentCache],
  exports: [MongooseModule, UserDocumentCache],
})
export class UserDocumentsModule {}
