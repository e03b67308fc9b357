import useSWR from 'swr';
import { graphqlRequest } from '../../lib/graphql/client';
import { graphql } from '../../lib/graphql/generated';

const NotificationReceiversQuery = graphql(`
  query NotificationReceivers {
    notificationReceivers {
      id
    }
  }
`);

const AddNotificationReceiverMutation = graphql(`
  mutation AddNotificationReceiver($receiver: String!) {
    addNotificationReceiver(receiver: $receiver) {
      id
    }
  }
`);

const DeleteNotificationReceiverMutation = graphql(`
  mutation DeleteNotificationReceiver($receiver: String!) {
    deleteNotificationReceiver(receiver: $receiver) {
      id
    }
  }
`);

export const NOTIFICATION_RECEIVERS_KEY = 'NotificationReceivers';

export const useNotificationReceivers = () =>
  useSWR(NOTIFICATION_RECEIVERS_KEY, () => graphqlRequest(NotificationReceiversQuery).then((result) => result.notificationReceivers));

/** Both answer the updated list. */
export const addNotificationReceiver = (receiver: string) =>
  graphqlRequest(AddNotificationReceiverMutation, { receiver }).then((result) => result.addNotificationReceiver);
export const deleteNotificationReceiver = (receiver: string) =>
  graphqlRequest(DeleteNotificationReceiverMutation, { receiver }).then((result) => result.deleteNotificationReceiver);
