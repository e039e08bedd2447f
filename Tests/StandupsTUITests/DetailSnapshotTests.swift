import Foundation
import StandupsCore
import TerminalUI
import Testing
import TextSnapshotTesting

@testable import StandupsTUI

/// The pushed screens — detail, record, meeting — and what they present, at 80×24.
@MainActor
@Suite struct DetailSnapshotTests {
  let list: IdentifiedArrayOf<Standup> = [.withMeetings, .engineeringMock, .productMock]

  func detail(
    _ standup: Standup = .mock, selection: Meeting.ID? = nil,
    destination: StandupDetail.Destination.State? = nil
  ) -> AppFeature.State {
    appState(
      list,
      path: [
        .detail(
          StandupDetail.State(destination: destination, standup: standup, selection: selection))
      ])
  }

  @Test func detailScreen() {
    assertScreen(detail(.engineeringMock), sizes: [.large, .small])
  }

  @Test func detailWithMeetingSelected() {
    let state = detail(.withMeetings, selection: .init(71))
    assertScreen(state, sizes: [.large])
    #expect(draw(state, size: .large).shows("enter open"))
  }

  /// A meeting's row shows its transcript's first non-empty line, cut to
  /// the row, however long that line is.
  @Test func aMeetingRowShowsTheFirstLineOfItsTranscript() {
    var standup = Standup.mock
    standup.meetings = [
      Meeting(
        id: .init(UUID(72)), date: Date(timeIntervalSince1970: 1_700_600_000),
        transcript: "\n\n" + String(repeating: "word ", count: 5_000) + "\nsecond line"),
      Meeting(
        id: .init(UUID(71)), date: Date(timeIntervalSince1970: 1_700_300_000),
        transcript: "Short note"),
    ]
    let screen = draw(detail(standup), size: .large)
    let row = screen.lines.first { $0.contains("word word") }
    #expect(row?.contains("word word…") == true, "\(row ?? "no row")")
    #expect(!screen.shows("second line"))
    #expect(screen.shows("Short note"))
  }

  @Test func editSheetOverDetail() {
    var form = StandupForm.State(focus: .duration, standup: .mock)
    form.standup.title = "Design review"
    let state = detail(.mock, destination: .edit(form))
    assertScreen(state, sizes: [.large, .small])
    #expect(draw(state, size: .large).layerNames == ["screen", "sheet"])
  }

  @Test func deleteAlertOverDetail() {
    let state = detail(.mock, destination: .alert(.deleteStandup(.mock)))
    assertScreen(state, sizes: [.large, .small])
  }

  @Test func deleteAlertOverDetailWithYesFocused() {
    let alert = AlertState<StandupDetail.Destination.Alert>.deleteStandup(.mock)
    var ui = ShellUI()
    ui.alertFocus = (alert.id, 0)
    let state = detail(.mock, destination: .alert(alert))
    let styles = draw(state, ui: ui, size: .large).styleDescription
    assertText(styles, named: "80x24")
  }

  func record(_ record: RecordMeeting.State) -> AppFeature.State {
    appState(
      list, path: [.detail(StandupDetail.State(standup: record.standup)), .record(record)])
  }

  static let midMeeting = RecordMeeting.State(
    secondsElapsed: 27, speakerIndex: 2, standup: .mock,
    notes: [
      .init(speaker: "Blob", text: "Shipped the onboarding flow."),
      .init(speaker: "Blob Jr", text: "Reviewing the API; blocked on auth."),
    ],
    draft: "Pairing with Blob Jr")

  @Test func recordMeeting() {
    assertScreen(record(Self.midMeeting), sizes: [.large, .small])
  }

  @Test func recordingAStandupWithoutAttendees() {
    var state = Self.midMeeting
    state.standup.attendees = []
    state.speakerIndex = 0
    state.notes = [.init(speaker: "", text: "Shipped the onboarding flow.")]
    for size in [Size.large, .small] {
      let screen = draw(record(state), size: size)
      #expect(screen.shows("No attendees"))
      #expect(!screen.shows("Speaker 0"))
      #expect(screen.shows("note › Pairing"))
    }
    // The note without a speaker's name before it (40×12 has no room for notes).
    let large = draw(record(state), size: .large)
    #expect(large.shows("  Shipped the onboarding flow."))
    #expect(!large.shows(": Shipped"))
  }

  /// A long note wraps under its speaker rather than being cut, and a long
  /// name is cut before its ": " or " › ", never the separator.
  @Test func longNotesWrapAndLongNamesKeepTheirSeparator() {
    var state = Self.midMeeting
    let name = String(repeating: "Bartholomew ", count: 6)
    state.standup.attendees[id: state.standup.attendees.ids[2]]?.name = name
    state.notes = [
      .init(
        speaker: "Blob",
        text: "Shipped the onboarding flow, then paired on the flaky build all afternoon; "
          + "the release notes are next and the end of this sentence must show."),
      .init(speaker: name, text: "Short."),
    ]
    let screen = draw(record(state), size: Size(width: 60, height: 24))
    #expect(screen.shows("must show."), "\(screen.lines.joined(separator: "\n"))")
    #expect(screen.shows("Blob: Shipped"))
    #expect(screen.lines.contains { $0.contains("Bartholomew") && $0.contains("…: Short.") })
    #expect(screen.lines.contains { $0.contains("… › Pairing") })
  }

  @Test func endMeetingAlertOverRecord() {
    var state = Self.midMeeting
    state.alert = .endMeeting(isDiscardable: true)
    assertScreen(record(state), sizes: [.large, .small])
    // At 40 columns the message and the buttons wrap rather than being cut.
    let small = draw(record(state), size: .small)
    #expect(small.shows("What"))
    #expect(small.shows("[ Resume ]"))
    #expect(small.shows("[ Save and end ]"))
  }

  @Test func meetingScreen() {
    let standup = Standup.withMeetings
    let meeting = standup.meetings[0]
    let state = appState(
      list,
      path: [
        .detail(StandupDetail.State(standup: standup, selection: meeting.id)),
        .meeting(MeetingDetail.State(meeting: meeting, standup: standup)),
      ])
    assertScreen(state, sizes: [.large, .small])
  }

  /// With room for fewer rows than attendees, names still show: the last
  /// row runs the rest together (at 60×14 there is one row: all of them).
  @Test func attendeesShowByNameWhenRowsAreShort() {
    let state = appState(
      [.mock], path: [.detail(StandupDetail.State(standup: .mock))])
    let screen = draw(state, size: Size(width: 60, height: 14))
    #expect(screen.shows("Blob, Blob Jr, Blob Sr"), "\(screen.lines)")
    #expect(!screen.shows("… and"))
  }

  /// A meeting shows the roster it was recorded with, not the standup's of
  /// today; one recorded before rosters were kept shows the standup's,
  /// labelled as the current roster.
  @Test func aMeetingShowsItsOwnRoster() throws {
    var standup = Standup.mock
    let recorded = try #require(standup.meetings.first)
    var meeting = recorded
    meeting.attendees = ["Blob", "Ada Gone"]
    standup.meetings[id: meeting.id] = meeting
    let attendeesLine = { (shown: Meeting) -> String? in
      let state = appState(
        [standup],
        path: [
          .detail(StandupDetail.State(standup: standup, selection: shown.id)),
          .meeting(MeetingDetail.State(meeting: shown, standup: standup)),
        ])
      return draw(state, size: Size(width: 80, height: 24)).lines
        .first { $0.contains("Attendees") || $0.contains("Current roster") }
    }
    let line = attendeesLine(meeting)
    #expect(line?.contains("Attendees Blob, Ada Gone") == true, "\(line ?? "")")
    #expect(line?.contains("Blob Jr") == false)
    // Not who attended, perhaps: the label says it is the roster of now.
    let legacy = attendeesLine(recorded)
    #expect(legacy?.contains("Current roster Blob, Blob Jr, Blob Sr") == true, "\(legacy ?? "")")
    #expect(legacy?.contains("Attendees") == false)
  }

  /// A long roster takes the rows it needs, names whole, up to a quarter of
  /// the screen; past that the last row says how many more there are.
  @Test func aLongRosterWrapsByNameAndCountsWhatDoesNotFit() throws {
    var standup = Standup.mock
    let names = [
      "Alexandria", "Bartholomew", "Cornelius", "Dorothea", "Evangeline", "Fitzgerald",
      "Genevieve", "Hieronymus", "Isadora", "Jebediah", "Konstantin", "Leopoldine",
    ]
    var meeting = try #require(standup.meetings.first)
    meeting.attendees = names
    standup.meetings[id: meeting.id] = meeting
    let state = appState(
      [standup],
      path: [
        .detail(StandupDetail.State(standup: standup, selection: meeting.id)),
        .meeting(MeetingDetail.State(meeting: meeting, standup: standup)),
      ])
    let large = draw(state, size: Size(width: 80, height: 24)).lines
    let roster = large.drop { !$0.contains("Attendees") }.prefix { !$0.contains("Transcript") }
    let shown = roster.joined(separator: " ")
    for name in names { #expect(shown.contains(name), "\(name): \(large)") }
    #expect(!shown.contains("…") && !shown.contains("more"), "\(large)")
    #expect(roster.count > 2, "the names take several rows: \(large)")
    // The transcript still starts right under its title.
    let title = try #require(large.firstIndex { $0.contains("Transcript") })
    #expect(large[title + 1].contains("Blob"), "\(large)")

    // At every width the rows are packed for the room they are drawn in:
    // none is cut, and every name shows (eight rows fit at 40 high).
    for width in 40...80 {
      let lines = draw(state, size: Size(width: width, height: 40)).lines
      let rows = lines.drop { !$0.contains("Attendees") }.prefix { !$0.contains("Transcript") }
      #expect(!rows.joined().contains("…"), "\(width) columns: \(Array(rows))")
      for name in names {
        #expect(rows.joined(separator: " ").contains(name), "\(width) columns: \(name)")
      }
    }

    let small = draw(state, size: Size(width: 60, height: 14)).lines
    let line = try #require(small.first { $0.contains("Attendees") })
    #expect(line.contains("Alexandria, "), "\(line)")
    #expect(line.contains(" more"), "\(line)")
    #expect(!line.contains("Leopoldine"), "\(line)")
  }

  /// A standup's roster longer than its rows is packed by name: at 80×24
  /// thirty names all show, none cut; where even packed they do not fit,
  /// the last row counts the rest; rows the names leave go to the meetings.
  @Test func aStandupsLongRosterIsPackedByName() throws {
    var standup = Standup.mock
    let names = (1...30).map { "Person \($0)" }
    standup.attendees = IdentifiedArray(
      uniqueElements: names.enumerated().map {
        Attendee(id: .init(UUID($0.offset + 100)), name: $0.element)
      })
    standup.meetings = IdentifiedArray(
      uniqueElements: (1...12).map {
        Meeting(
          id: .init(UUID($0 + 200)), date: Date(timeIntervalSince1970: 1_700_000_000 + Double($0)),
          transcript: "Meeting \($0)")
      })
    let state = appState([standup], path: [.detail(StandupDetail.State(standup: standup))])

    let large = draw(state, size: Size(width: 80, height: 24)).lines
    let roster = large.drop { !$0.contains("Attendees (30)") }.dropFirst()
      .prefix { !$0.allSatisfy { $0 == " " } }
    let shown = roster.joined(separator: " ")
    for name in names {
      #expect(shown.contains(name + ",") || shown.contains(name + " "), "\(name): \(large)")
    }
    #expect(!shown.contains("…") && !shown.contains("more"), "\(large)")
    // Packed, the names take fewer rows than they were given, and the
    // meetings show in the rows left over: more than the names' share.
    let meetingsShown = large.filter { $0.contains("Meeting ") }.count
    #expect(meetingsShown > 6, "\(large)")

    let small = draw(state, size: Size(width: 60, height: 14)).lines
    let line = try #require(small.last { $0.contains("Person 1,") })
    #expect(line.contains(" more"), "\(small)")
    #expect(!small.joined().contains("Person 30"), "\(small)")
  }

  /// At every height the app runs at, the selected past meeting is on
  /// screen (short screens drop the header's title and gaps, then the
  /// attendees): Enter and x never act on a meeting not shown.
  @Test func theSelectedMeetingIsShownAtEveryHeight() throws {
    let standup = Standup.withMeetings
    for height in 10...16 {
      for width in [32, 40, 80] {
        for meeting in standup.meetings {
          let state = appState(
            list, path: [.detail(StandupDetail.State(standup: standup, selection: meeting.id))])
          let screen = draw(state, size: Size(width: width, height: height))
          let date = utc.dateString(meeting.date)
          let row = screen.lines.first { $0.contains(date) }
          #expect(row?.contains("›") == true, "\(width)×\(height): \(screen.lines)")
        }
      }
    }
  }

  /// Long notes wrap; the transcript scrolls until its last row is at the
  /// bottom, no further (G goes there, g back to the top).
  @Test func aLongTranscriptWrapsAndScrollsToItsEnd() throws {
    var standup = Standup.mock
    let long2 = (1...30).map { "word\($0)" }.joined(separator: " ")
    let lines = ["Blob: " + long2] + (1...20).map { "Blob Jr: line \($0)" }
    let meeting = Meeting(
      id: .init(UUID(70)), date: Date(timeIntervalSince1970: 1_700_000_000),
      transcript: lines.joined(separator: "\n"))
    standup.meetings = [meeting]
    var state = appState(
      [standup],
      path: [
        .detail(StandupDetail.State(standup: standup, selection: meeting.id)),
        .meeting(MeetingDetail.State(meeting: meeting, standup: standup)),
      ])
    let size = Size(width: 60, height: 14)
    let top = draw(state, size: size)
    // Nothing cut: the long line's last word shows, on a row of its own.
    #expect(top.shows("word1 "))
    #expect(top.shows("word30"))
    // (The attendees line above the transcript may be cut; no transcript row is.)
    #expect(!top.lines.dropFirst(6).joined().contains("…"), "\(top.lines)")
    // A note's later rows go under its text, clear of the speaker's label,
    // which is bold.
    let first = try #require(top.lines.firstIndex { $0.contains("Blob: word1 ") })
    let firstLine = top.lines[first]
    let column = firstLine.distance(
      from: firstLine.startIndex, to: try #require(firstLine.range(of: "word1 ")).lowerBound)
    let next = Array(top.lines[first + 1])
    #expect(next[..<column].allSatisfy { $0 == " " }, "\(top.lines)")
    #expect(String(next[column...]).hasPrefix("word"), "\(top.lines)")
    let label = top.lines[first].distance(
      from: top.lines[first].startIndex,
      to: try #require(top.lines[first].range(of: "Blob:")).lowerBound)
    #expect(top.screen[label, first].style.attributes.contains(.bold))
    #expect(!top.screen[label + 6, first].style.attributes.contains(.bold))

    // A name too long for half the row is cut, as while recording.
    let name = String(repeating: "Bartholomew ", count: 4) + "Smythe"
    var long = standup
    long.attendees[0].name = name
    let note = Meeting(
      id: .init(UUID(71)), date: meeting.date, transcript: name + ": " + long.title + " " + long2)
    long.meetings = [note]
    let cut = draw(
      appState(
        [long],
        path: [
          .detail(StandupDetail.State(standup: long, selection: note.id)),
          .meeting(MeetingDetail.State(meeting: note, standup: long)),
        ]), size: size)
    let labelRow = try #require(
      cut.lines.firstIndex { $0.contains("Bartholomew") && $0.contains("…:") })
    let labelLine = cut.lines[labelRow]
    let textColumn = labelLine.distance(
      from: labelLine.startIndex, to: try #require(labelLine.range(of: "…: ")).upperBound)
    let nextLine = Array(cut.lines[labelRow + 1])
    #expect(nextLine[..<textColumn].allSatisfy { $0 == " " }, "\(cut.lines)")
    #expect(nextLine[textColumn] != " ", "\(cut.lines)")

    let end = try #require(keymap(state, size: size).action(for: .char("G")))
    guard case .app(.path(.element(let id, .meeting(let action)))) = end,
      case .meeting(var meetingState) = state.path[id: id]
    else {
      Issue.record("G is \(end)")
      return
    }
    _ = MeetingDetail().reduce(into: &meetingState, action: action)
    state.path[id: id] = .meeting(meetingState)
    let bottom = draw(state, size: size)
    let rows = bottom.lines
    // The last note on the last transcript row (above the key bar), the one
    // before it right above.
    let transcriptRows = rows.dropLast(2)
    #expect(transcriptRows.last?.contains("Blob Jr: line 20") == true, "\(rows)")
    #expect(transcriptRows.dropLast().last?.contains("Blob Jr: line 19") == true)
  }

  @Test func meetingScreenWithoutNotes() {
    let standup = Standup.withMeetings
    let state = appState(
      list,
      path: [
        .detail(StandupDetail.State(standup: standup)),
        .meeting(MeetingDetail.State(meeting: standup.meetings[3], standup: standup)),
      ])
    assertScreen(state, sizes: [.large])
  }
}
