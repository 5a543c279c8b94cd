import "server-only";
import { forgetPopularTags, forgetTrending } from "@/lib/server/cache";
import { db, type Prisma } from "@/lib/server/db";
import { notifyGroupInvitation, notifyGroupJoinApproved, notifyGroupJoinRequest } from "@/lib/server/notifications/mutations";
import type { GroupResource, Viewer } from "@/lib/server/policy";
import { chargeInTransaction } from "@/lib/server/rate-limit";
import type { GroupCreateInput, GroupUpdateInput } from "@/lib/validation/groups";

/*
 * Group writes. groups.member_count moves only when a group_members row is really inserted or
 * deleted in the same transaction (INSERT ... ON CONFLICT DO NOTHING and DELETE report how many
 * rows they touched), so the count stays exact however many joins and leaves run at once.
 * groups.question_count is kept by the question mutations.
 */

/** The role of a group's creator in group_members (the demo seed's word); everyone else is a "member". */
export const CREATOR_ROLE = "admin";

/** Creates a group with its creator as first member (member_count 1), in one transaction. */
export async function createGroup(creator: Viewer, input: GroupCreateInput): Promise<{ id: number }> {
  return db.group.create({
    data: {
      name: input.name,
      description: input.description,
      rules: input.rules,
      profileImageUrl: input.profileImageUrl,
      headerImageUrl: input.headerImageUrl,
      isPrivate: input.isPrivate,
      creatorId: creator.id,
      memberCount: 1,
      members: { create: { userId: creator.id, role: CREATOR_ROLE } },
    },
    select: { id: true },
  });
}

// Adds the member unless already there; true when a row was inserted (and the count went up).
async function addMember(tx: Prisma.TransactionClient, groupId: number, userId: string, role = "member"): Promise<boolean> {
  const { count } = await tx.groupMember.createMany({ data: [{ groupId, userId, role }], skipDuplicates: true });
  if (count === 0) return false;
  await tx.group.update({ where: { id: groupId }, data: { memberCount: { increment: 1 } }, select: { id: true } });
  return true;
}

/**
 * Changes the fields given (a field left out keeps its value). A private group made public lets
 * in everyone who had asked to join, since anyone may join a public group.
 */
export async function updateGroup(group: GroupResource, changes: GroupUpdateInput): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.group.update({
      where: { id: group.id },
      data: {
        name: changes.name,
        description: changes.description,
        rules: changes.rules,
        profileImageUrl: changes.profileImageUrl,
        headerImageUrl: changes.headerImageUrl,
        isPrivate: changes.isPrivate,
      },
      select: { id: true },
    });
    if (changes.isPrivate === false) {
      const requests = await tx.groupJoinRequest.findMany({ where: { groupId: group.id }, select: { userId: true } });
      await tx.groupJoinRequest.deleteMany({ where: { groupId: group.id } });
      for (const request of requests) {
        if (await addMember(tx, group.id, request.userId)) {
          await notifyGroupJoinApproved(tx, { groupId: group.id, memberId: request.userId, approverId: group.creatorId });
        }
      }
    }
  });
  if (changes.isPrivate !== undefined) {
    // What visitors see follows the group's privacy.
    forgetPopularTags();
    forgetTrending();
  }
}

/** Makes the member a member of a public group; joining twice (or 50 times at once) leaves one row. */
export async function joinGroup(viewer: Viewer, group: GroupResource): Promise<boolean> {
  return db.$transaction((tx) => addMember(tx, group.id, viewer.id));
}

/**
 * Records the member's request to join a private group; asking twice leaves one request.
 * True when the request is new.
 */
export async function requestToJoinGroup(viewer: Viewer, group: GroupResource): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.groupJoinRequest.createMany({ data: [{ groupId: group.id, userId: viewer.id }], skipDuplicates: true });
    if (count === 0) return false;
    // Only a new request spends the daily allowance (429 undoes it).
    await chargeInTransaction(tx, "groupJoinRequestDaily", viewer.id);
    // The creator hears of a member's request once a day at most (asking again, or withdrawing and asking again, changes nothing).
    await notifyGroupJoinRequest(tx, { groupId: group.id, requesterId: viewer.id });
    return true;
  });
}

/** Removes the member from the group (never its creator; the caller checked); false when they were not in it. */
export async function leaveGroup(viewer: Viewer, group: GroupResource): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.groupMember.deleteMany({ where: { groupId: group.id, userId: viewer.id } });
    if (count === 0) return false;
    await tx.group.update({ where: { id: group.id }, data: { memberCount: { decrement: 1 } }, select: { id: true } });
    return true;
  });
}

/** Withdraws the member's pending request to join; false when there was none. */
export async function withdrawJoinRequest(viewer: Viewer, group: GroupResource): Promise<boolean> {
  const { count } = await db.groupJoinRequest.deleteMany({ where: { groupId: group.id, userId: viewer.id } });
  return count === 1;
}

/**
 * Lets a member in on their request: the request goes and the membership comes in one
 * transaction. "missing" when there was no such request (and they are not a member either).
 */
export async function approveJoinRequest(group: GroupResource, userId: string): Promise<"approved" | "missing"> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.groupJoinRequest.deleteMany({ where: { groupId: group.id, userId } });
    if (count === 0) {
      // Approved a moment ago by a concurrent call: the same outcome.
      const member = await tx.groupMember.findUnique({ where: { groupId_userId: { groupId: group.id, userId } }, select: { id: true } });
      return member ? "approved" : "missing";
    }
    if (await addMember(tx, group.id, userId)) {
      await notifyGroupJoinApproved(tx, { groupId: group.id, memberId: userId, approverId: group.creatorId });
    }
    return "approved";
  });
}

/** Turns down a member's request to join; false when there was no such request. */
export async function declineJoinRequest(group: GroupResource, userId: string): Promise<boolean> {
  const { count } = await db.groupJoinRequest.deleteMany({ where: { groupId: group.id, userId } });
  return count === 1;
}


/**
 * Invites a member to the group on behalf of its creator and tells them, in one transaction.
 * "member" when they already belong to it, "invited" when an invitation is already pending
 * (50 identical calls at once leave one invitation and one notification).
 */
export async function inviteToGroup(group: GroupResource, inviter: Viewer, inviteeId: string): Promise<"created" | "member" | "invited"> {
  return db.$transaction(async (tx) => {
    const member = await tx.groupMember.findUnique({ where: { groupId_userId: { groupId: group.id, userId: inviteeId } }, select: { id: true } });
    if (member || group.creatorId === inviteeId) return "member";
    const { count } = await tx.groupInvitation.createMany({
      data: [{ groupId: group.id, userId: inviteeId, inviterId: inviter.id }],
      skipDuplicates: true,
    });
    if (count === 0) return "invited";
    await notifyGroupInvitation(tx, { groupId: group.id, inviteeId, inviterId: inviter.id });
    return "created";
  });
}

/** Removes a pending invitation (the creator withdraws it, or the invitee declines it); false when there was none. */
export async function deleteGroupInvitation(group: GroupResource, userId: string): Promise<boolean> {
  const { count } = await db.groupInvitation.deleteMany({ where: { groupId: group.id, userId } });
  return count === 1;
}

/**
 * Accepts the member's pending invitation: the invitation (and any request to join) goes and
 * the membership comes in one transaction, private groups included. False when they had no
 * invitation, so nothing changed.
 */
export async function joinGroupByInvitation(viewer: Viewer, group: GroupResource): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.groupInvitation.deleteMany({ where: { groupId: group.id, userId: viewer.id } });
    if (count === 0) return false;
    await tx.groupJoinRequest.deleteMany({ where: { groupId: group.id, userId: viewer.id } });
    await addMember(tx, group.id, viewer.id);
    return true;
  });
}
