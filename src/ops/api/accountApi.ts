import { operatorEndpoints } from '../../api/contract/operator';
import { plain, send, withBody, type Body, type Query, type Reply } from '../../api/endpoints';
import { opsApi } from './opsApi';

const ep = operatorEndpoints;

/** The console's sign-in, its session and the operators' accounts (admins): src/api/contract/operator.ts. */
export const accountApi = opsApi.enhanceEndpoints({ addTagTypes: ['Operators', 'Audit'] }).injectEndpoints({
  endpoints: (build) => ({
    operatorSignIn: build.mutation<Reply<typeof ep.operatorSignIn>, Body<typeof ep.operatorSignIn>>({ query: withBody(ep.operatorSignIn) }),
    operatorSignInCode: build.mutation<Reply<typeof ep.operatorSignInCode>, Body<typeof ep.operatorSignInCode>>({ query: withBody(ep.operatorSignInCode) }),
    acceptInvite: build.mutation<Reply<typeof ep.acceptInvite>, Body<typeof ep.acceptInvite>>({ query: withBody(ep.acceptInvite) }),
    operatorMe: build.query<Reply<typeof ep.operatorMe>, void>({ query: plain(ep.operatorMe) }),
    operatorSignOut: build.mutation<Reply<typeof ep.operatorSignOut>, void>({ query: plain(ep.operatorSignOut) }),
    listOperators: build.query<Reply<typeof ep.listOperators>, void>({ query: plain(ep.listOperators), providesTags: ['Operators'] }),
    inviteOperator: build.mutation<Reply<typeof ep.inviteOperator>, Body<typeof ep.inviteOperator>>({
      query: withBody(ep.inviteOperator),
      invalidatesTags: ['Operators', 'Audit'],
    }),
    changeOperatorRole: build.mutation<Reply<typeof ep.changeOperatorRole>, { id: number; role: Body<typeof ep.changeOperatorRole>['role'] }>({
      query: ({ id, role }) => send(ep.changeOperatorRole, { params: { id: String(id) }, body: { role } }),
      invalidatesTags: ['Operators', 'Audit'],
    }),
    disableOperator: build.mutation<Reply<typeof ep.disableOperator>, number>({
      query: (id) => send(ep.disableOperator, { params: { id: String(id) } }),
      invalidatesTags: ['Operators', 'Audit'],
    }),
    resetOperator: build.mutation<Reply<typeof ep.resetOperator>, number>({
      query: (id) => send(ep.resetOperator, { params: { id: String(id) } }),
      invalidatesTags: ['Operators', 'Audit'],
    }),
    operatorAudit: build.query<Reply<typeof ep.operatorAudit>, Query<typeof ep.operatorAudit>>({
      query: (query) => send(ep.operatorAudit, { query }),
      providesTags: ['Audit'],
    }),
  }),
});

export const {
  useOperatorSignInMutation, useOperatorSignInCodeMutation, useAcceptInviteMutation, useOperatorMeQuery, useOperatorSignOutMutation,
  useListOperatorsQuery, useInviteOperatorMutation, useChangeOperatorRoleMutation, useDisableOperatorMutation, useResetOperatorMutation,
  useOperatorAuditQuery,
} = accountApi;
