import { Body, Controller, HttpCode, HttpStatus, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import {
  AuthPatterns,
  signInSchema,
  signUpSchema,
  type AuthenticatedUser,
  type SessionTokens,
  type SignInInput,
  type SignUpInput,
  type UserDocument,
} from '@fluent/contracts';
import { RpcClient } from '../common/rpc/rpc.client';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe';
import { config } from '../config';
import { CurrentUser } from './current-user.decorator';
import { Public } from './public.decorator';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session-cookie';

const authLimit = { default: { limit: config.AUTH_RATE_LIMIT, ttl: 60_000 } };

@Controller('api/auth')
export class AuthController {
  constructor(private readonly rpc: RpcClient) {}

  @Public()
  @Throttle(authLimit)
  @Post('signup')
  @HttpCode(HttpStatus.CREATED)
  async signUp(
    @Body(new ZodValidationPipe(signUpSchema)) body: SignUpInput,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SessionTokens> {
    const tokens = await this.rpc.send<SessionTokens>(AuthPatterns.signUp, body);
    setSessionCookie(response, tokens);
    return tokens;
  }

  @Public()
  @Throttle(authLimit)
  @Post('login')
  @HttpCode(HttpStatus.OK)
  async login(
    @Body(new ZodValidationPipe(signInSchema)) body: SignInInput,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SessionTokens> {
    const tokens = await this.rpc.send<SessionTokens>(AuthPatterns.signIn, body);
    setSessionCookie(response, tokens);
    return tokens;
  }

  /** Restores the session of this browser from its httpOnly cookie (reload, new tab). */
  @Public()
  @Throttle(authLimit)
  @Post('session')
  @HttpCode(HttpStatus.OK)
  async session(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<SessionTokens> {
    const refreshToken = readSessionCookie(request);
    if (!refreshToken) throw new UnauthorizedException({ statusCode: 401, message: 'No session.' });
    try {
      const tokens = await this.rpc.send<SessionTokens>(AuthPatterns.refresh, { refreshToken });
      setSessionCookie(response, tokens);
      return tokens;
    } catch (error) {
      clearSessionCookie(response);
      throw error;
    }
  }

  /** Ends the Keycloak session and forgets the cookie. */
  @Public()
  @Post('logout')
  @HttpCode(HttpStatus.NO_CONTENT)
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<void> {
    const refreshToken = readSessionCookie(request);
    clearSessionCookie(response);
    if (refreshToken) await this.rpc.send(AuthPatterns.signOut, { refreshToken });
  }

  /** After a Google sign-in: creates {email, name, hasPaid:false} when no user document exists. */
  @Post('social-sign-in')
  @HttpCode(HttpStatus.OK)
  socialSignIn(@CurrentUser() user: AuthenticatedUser): Promise<UserDocument> {
    return this.rpc.send<UserDocument>(AuthPatterns.ensureUser, { user, path: 'social-sign-in' });
  }
}
